/** dcmjs has no type declarations of its own: the part lib/imaging/dicomdir.ts uses (writing a data set). */
declare module "dcmjs" {
  type DenaturalizedDataset = Record<string, { vr: string; Value: unknown[] }>;
  interface DicomDictInstance {
    dict: DenaturalizedDataset;
    write(options?: Record<string, unknown>): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomDict: new (meta: DenaturalizedDataset) => DicomDictInstance;
      DicomMetaDictionary: {
        denaturalizeDataset(dataset: Record<string, unknown>): DenaturalizedDataset;
        uid(): string;
      };
    };
  };
  export default dcmjs;
}
