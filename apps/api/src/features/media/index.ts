// The media area's public face: the registry of video sources, where each area that shares videos (study library
// files, documents, class recordings) says how to find a session's video and count its watching.
export {
  findVideo,
  registerRowVideoSource,
  registerVideoSource,
  type VideoEntry,
  type VideoHost,
  type VideoQuery,
  type VideoSource,
} from './video-sources.ts';
