// The library area's public face: the download count the shared media calls keep.
export { addFileDownload } from './library.repository.ts';
