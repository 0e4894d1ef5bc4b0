/**
 * dcmjs has no type declarations of its own: the part this project uses (lib/imaging/dicomdir.ts writes
 * a data set; the test data generator tests/support/dicom-series.ts writes and reads Part 10 files).
 */
declare module "dcmjs" {
  type DenaturalizedDataset = Record<string, { vr: string; Value: unknown[] }>;
  interface DicomDictInstance {
    dict: DenaturalizedDataset;
    meta: DenaturalizedDataset;
    write(options?: Record<string, unknown>): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomDict: new (meta: DenaturalizedDataset) => DicomDictInstance;
      DicomMessage: { readFile(buffer: ArrayBuffer): DicomDictInstance };
      DicomMetaDictionary: {
        denaturalizeDataset(dataset: Record<string, unknown>): DenaturalizedDataset;
        naturalizeDataset(dataset: DenaturalizedDataset): Record<string, unknown>;
        uid(): string;
      };
    };
  };
  export default dcmjs;
}
