import { hostList, positiveInt, privateAddresses, section, text, wholeNumber } from './rules';

export const media = section({
  variables: {
    FFMPEG_PATH: text.optional(),
    FFPROBE_PATH: text.optional(),
    EVALS_MAX_FRAMES: wholeNumber(1, 64).default(16),
    EVALS_JUDGE_FRAME_WIDTH: wholeNumber(1, 2048).default(768),
    EVALS_MAX_DOWNLOAD_BYTES: positiveInt.default(200 * 1024 * 1024),
    EVALS_MAX_DURATION_SECONDS: positiveInt.default(600),
    EVALS_MAX_PIXELS: positiveInt.default(3840 * 2160),
    EVALS_ALLOWED_HOSTS: hostList.default([]),
    EVALS_ALLOW_PRIVATE_ADDRESSES: privateAddresses.default(false),
    EVALS_MAX_VIDEO_FRAMES: positiveInt.default(36_000),
    EVALS_DOWNLOAD_TIMEOUT_SECONDS: positiveInt.default(120),
    EVALS_DOWNLOAD_STALL_SECONDS: positiveInt.default(15),
    EVALS_EXTRACT_TIMEOUT_SECONDS: positiveInt.default(300),
  },
  build: (e) => ({
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    maxFrames: e.EVALS_MAX_FRAMES,
    judgeFrameWidth: e.EVALS_JUDGE_FRAME_WIDTH,
    maxDownloadBytes: e.EVALS_MAX_DOWNLOAD_BYTES,
    maxDurationSeconds: e.EVALS_MAX_DURATION_SECONDS,
    maxPixels: e.EVALS_MAX_PIXELS,
    allowedHosts: e.EVALS_ALLOWED_HOSTS,
    /** true: any address; false: public ones only; a list: public ones and these CIDR ranges (src/media/address.ts). */
    allowPrivateAddresses: e.EVALS_ALLOW_PRIVATE_ADDRESSES,
    /** Decoded frames in the whole video (duration x frame rate). */
    maxVideoFrames: e.EVALS_MAX_VIDEO_FRAMES,
    /** Wall time of the whole download, and the longest wait for the next byte. */
    downloadTimeoutMs: e.EVALS_DOWNLOAD_TIMEOUT_SECONDS * 1000,
    downloadStallMs: e.EVALS_DOWNLOAD_STALL_SECONDS * 1000,
    /** Wall time of probing and decoding. */
    extractTimeoutMs: e.EVALS_EXTRACT_TIMEOUT_SECONDS * 1000,
  }),
});
