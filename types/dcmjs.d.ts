/** The part of dcmjs (no bundled types) that the test data generator uses: read and write Part 10 files. */
declare module "dcmjs" {
  type Dataset = Record<string, unknown>;
  class DicomDict {
    constructor(meta: Dataset);
    dict: Dataset;
    meta: Dataset;
    write(): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomDict: typeof DicomDict;
      DicomMessage: { readFile(buffer: ArrayBuffer): DicomDict };
      DicomMetaDictionary: { denaturalizeDataset(dataset: Dataset): Dataset; naturalizeDataset(dataset: Dataset): Dataset };
    };
  };
  export default dcmjs;
}
