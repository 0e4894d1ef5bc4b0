/** A file's path inside the chosen folder (react-dropzone's `path`, or the directory picker's `webkitRelativePath`), without a leading "./" or "/". */
export function relativePathOf(file: File): string {
  const withPaths = file as File & { path?: string; relativePath?: string };
  const path = file.webkitRelativePath || withPaths.relativePath || withPaths.path || file.name;
  return path.replace(/^\.?\/+/, "");
}

/** Whether the patient chose a folder (some file sits in a sub-folder), rather than loose files. */
export const isFolderSelection = (files: File[]) => files.some((file) => relativePathOf(file).includes("/"));
