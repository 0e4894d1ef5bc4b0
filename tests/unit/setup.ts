import "@testing-library/jest-dom";

// jsdom's Blob lacks arrayBuffer(), which every browser has (the upload list reads a file's first bytes with it).
if (typeof Blob !== "undefined" && !Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

// Nor object URLs (file thumbnails use them); tests that look at them spy on these.
if (typeof URL.createObjectURL !== "function") {
  let next = 0;
  URL.createObjectURL = () => `blob:jsdom/${next++}`;
  URL.revokeObjectURL = () => {};
}
