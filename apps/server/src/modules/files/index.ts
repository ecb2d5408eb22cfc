// The public surface of the files module: what other modules and the platform use from it.
export { assertFileOwned, markFilesDeleted } from './files.queries.ts';
export {
  createOwnedDownloadUrl,
  discardFiles,
  getFile,
  isAcceptedImageSize,
  maxImagePixels,
  openOwnedFile,
  removeStoredFiles,
  sniffFileType,
  storeBookingFile,
  storeGeneratedFile,
  toFile,
} from './files.service.ts';
