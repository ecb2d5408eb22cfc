// The public surface of the files module: what other modules and the platform use from it.
export { assertFileOwned } from './files.queries.ts';
export {
  createOwnedDownloadUrl,
  getFile,
  isAcceptedImageSize,
  maxImagePixels,
  openOwnedFile,
  sniffFileType,
  storeBookingFile,
  storeGeneratedFile,
  toFile,
} from './files.service.ts';
