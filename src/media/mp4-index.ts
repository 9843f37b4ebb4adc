import fs from 'node:fs';
import { parseSps } from './h264-sps';
import { type Atom, childAtoms, fullBox, only, required, table, Unsupported, unsupported } from './mp4-atoms';
import type { StreamIndex } from './video-index';

/**
 * The packet index of an MP4/MOV file read straight from its boxes (ISO/IEC
 * 14496-12), so that the common upload, one H.264 track in a file with a moov
 * box, is probed without starting ffprobe (a process start is most of a short
 * clip's cost with a distribution's shared ffmpeg, docs/frames.md).
 *
 * It reads only what ffprobe would report, the way ffmpeg 5.1's mov demuxer
 * and H.264 parameter sets give it, and returns null for anything it does not
 * fully understand (other containers, fragmented files, more than one track,
 * other codecs, edit lists beyond a single shift, truncated data): the caller
 * then asks ffprobe, so such files behave exactly as before. Reads are bounded
 * and no size read from the file is allocated before it is checked against
 * the bytes actually there.
 */

/** A moov of the largest accepted video (36,000 frames) is well under 2 MB. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** Top-level boxes walked before giving up (ftyp, moov, mdat, free, a few more in practice). */
const MAX_TOP_LEVEL_BOXES = 64;
const INT_MAX = 2 ** 31 - 1;

/**
 * Reads the index of `file`, or null when ffprobe must decide. `maxSamples`
 * bounds what is expanded: a longer video goes to ffprobe, which refuses it
 * with the usual message.
 */
export async function readMp4Index(file: string, maxSamples: number): Promise<StreamIndex | null> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    const fileSize = (await handle.stat()).size;
    const moov = await readMoov(handle, fileSize);
    return indexOf(moov, fileSize, maxSamples);
  } catch (err) {
    if (err instanceof Unsupported || err instanceof RangeError) return null;
    // Unreadable here is for ffprobe to report in its own words.
    if ((err as NodeJS.ErrnoException).code !== undefined) return null;
    throw err;
  } finally {
    await handle?.close();
  }
}

/** Walks the top-level boxes by their headers alone (the mdat is never read) and returns the moov's payload. */
async function readMoov(handle: fs.promises.FileHandle, fileSize: number): Promise<Buffer> {
  const header = Buffer.alloc(16);
  let moov: Buffer | undefined;
  let at = 0;
  for (let count = 0; at < fileSize; count++) {
    if (count === MAX_TOP_LEVEL_BOXES) unsupported('too many top-level boxes');
    const { bytesRead } = await handle.read(header, 0, 16, at);
    if (bytesRead < 8) unsupported('truncated top-level box');
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerBytes = 8;
    if (size === 1) {
      if (bytesRead < 16) unsupported('truncated top-level box');
      const large = header.readBigUInt64BE(8);
      size = large > BigInt(fileSize - at) ? Infinity : Number(large);
      headerBytes = 16;
    } else if (size === 0) size = fileSize - at;
    // A box running past the end of the file: a cut-off download, for ffprobe to judge.
    if (size < headerBytes || size > fileSize - at) unsupported('top-level box outside the file');
    // ffmpeg's mov demuxer takes any file that opens with ftyp (other openings are probed by content).
    if (count === 0 && type !== 'ftyp') unsupported('no ftyp first');
    if (type === 'moof' || type === 'mfra') unsupported('fragmented');
    if (type === 'moov') {
      if (moov) unsupported('two moov boxes');
      if (size - headerBytes > MAX_MOOV_BYTES) unsupported('moov too large');
      moov = Buffer.alloc(size - headerBytes);
      const read = await handle.read(moov, 0, moov.length, at + headerBytes);
      if (read.bytesRead !== moov.length) unsupported('short read');
    }
    at += size;
  }
  return moov ?? unsupported('no moov');
}

function indexOf(buf: Buffer, fileSize: number, maxSamples: number): StreamIndex {
  const moov = childAtoms(buf, 0, buf.length);
  if (only(moov, 'mvex')) unsupported('fragmented');
  const traks = moov.filter((b) => b.type === 'trak');
  if (traks.length !== 1) unsupported('not exactly one track');
  const mvhd = fullBox(buf, required(moov, 'mvhd'));
  const movieTimescale = buf.readUInt32BE(mvhd.at + (mvhd.version === 1 ? 16 : 8));

  const trak = childAtoms(buf, traks[0].start, traks[0].end);
  const mdia = required(trak, 'mdia');
  const mdiaBoxes = childAtoms(buf, mdia.start, mdia.end);
  const hdlr = fullBox(buf, required(mdiaBoxes, 'hdlr'));
  if (buf.toString('latin1', hdlr.at + 4, hdlr.at + 8) !== 'vide') unsupported('not a video track');
  const mdhd = fullBox(buf, required(mdiaBoxes, 'mdhd'));
  if (mdhd.version > 1) unsupported('mdhd version');
  const timescale = buf.readUInt32BE(mdhd.at + (mdhd.version === 1 ? 16 : 8));
  const mediaDuration = mdhd.version === 1 ? Number(buf.readBigUInt64BE(mdhd.at + 20)) : buf.readUInt32BE(mdhd.at + 12);
  if (timescale === 0 || mediaDuration === 0 || !Number.isSafeInteger(mediaDuration)) unsupported('mdhd times');

  const minfBox = required(mdiaBoxes, 'minf');
  const minf = childAtoms(buf, minfBox.start, minfBox.end);
  selfContained(buf, minf);
  const stblBox = required(minf, 'stbl');
  const stbl = childAtoms(buf, stblBox.start, stblBox.end);
  for (const type of ['stz2', 'stps', 'cslg']) if (only(stbl, type)) unsupported(type);

  const picture = sampleEntry(buf, required(stbl, 'stsd'));
  const sizes = sampleSizes(buf, required(stbl, 'stsz'), maxSamples);
  const count = sizes.length;
  if (count === 0) unsupported('no samples');
  const durations = expandRuns(buf, required(stbl, 'stts'), count, false);
  const ctts = only(stbl, 'ctts');
  const offsets = ctts ? expandRuns(buf, ctts, count, true) : null;
  const keys = syncSamples(buf, only(stbl, 'stss'), count);
  checkSamplesInFile(buf, stbl, sizes, fileSize);

  // ffmpeg's avg_frame_rate: samples over the summed sample durations, as a reduced fraction.
  let total = 0;
  for (const d of durations) total += d;
  if (!Number.isSafeInteger(total) || total === 0) unsupported('durations');
  // Its stts reader rewrites an outlying last duration (a workaround for some muxers): rare, left to it.
  if (durations.length > 101 && Math.floor(durations[count - 1] / 10) > Math.floor((total - durations[count - 1]) / (count - 1))) {
    unsupported('outlying last duration');
  }
  const fps = reducedRate(timescale * count, total);

  // Composition times, and the single shift an edit list may make (x264's B-frame delay).
  const cts: number[] = new Array<number>(count);
  let dts = 0;
  for (let i = 0; i < count; i++) {
    cts[i] = dts + (offsets?.[i] ?? 0);
    dts += durations[i];
  }
  const edit = editOf(buf, trak, movieTimescale, timescale, cts);
  const shift = edit?.mediaTime ?? 0;
  const first = cts[0] - shift;
  for (const t of cts) if (t - shift < first) unsupported('first sample is not the first shown');

  return {
    // ffmpeg cuts an edited stream's duration down to its samples' and to the edit's (mov_fix_index).
    durationSeconds: ffprobeSeconds(edit ? Math.min(mediaDuration, total, edit.duration) : mediaDuration, timescale),
    streamDuration: true,
    width: picture.width,
    height: picture.height,
    fps,
    codec: 'h264',
    format: 'mov,mp4,m4a,3gp,3g2,mj2',
    planarYuv: true,
    fullRange: picture.fullRange,
    bt709: picture.bt709,
    startSeconds: startSeconds(first, timescale),
    packets: cts.map((t, i) => ({ seconds: ffprobeSeconds(t - shift, timescale), key: keys(i) })),
  };
}

/**
 * A time as ffprobe prints it, `%f` of the timestamp times the time base: the
 * plan is computed from those figures. printf rounds an exact half to even
 * where toFixed rounds it up; a non-negative double is an exact half of a
 * microsecond only when it is a multiple of 1/128 whose 2e6-fold is odd.
 */
export function ffprobeSeconds(ts: number, timescale: number): number {
  const seconds = ts * (1 / timescale);
  const halfMicros = seconds * 128 * 15_625;
  if (Number.isInteger(seconds * 128) && halfMicros % 2 === 1) {
    const below = (halfMicros - 1) / 2;
    return (below % 2 === 0 ? below : below + 1) / 1e6;
  }
  return Number(seconds.toFixed(6));
}

/** The container start ffprobe prints: the first shown time rounded to microseconds (nearest, halves away from zero). */
function startSeconds(first: number, timescale: number): number {
  const scaled = BigInt(first) * 1_000_000n;
  const t = BigInt(timescale);
  const us = (2n * scaled + t) / (2n * t);
  return Number((Number(us) * (1 / 1_000_000)).toFixed(6));
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function reducedRate(num: number, den: number): number {
  const g = gcd(num, den);
  // av_reduce approximates a fraction over INT_MAX: left to ffprobe.
  if (num / g > INT_MAX || den / g > INT_MAX) unsupported('frame rate fraction');
  return num / g / (den / g);
}

/** Sample data must be in this file: ffmpeg opens no external data reference by default. */
function selfContained(buf: Buffer, minf: Atom[]): void {
  const dinf = required(minf, 'dinf');
  const drefBox = required(childAtoms(buf, dinf.start, dinf.end), 'dref');
  const dref = fullBox(buf, drefBox);
  const entries = childAtoms(buf, dref.at + 4, drefBox.end);
  if (buf.readUInt32BE(dref.at) !== 1 || entries.length !== 1) unsupported('data references');
  const url = fullBox(buf, entries[0]);
  if (entries[0].type !== 'url ' || (url.flags & 1) !== 1) unsupported('external data');
}

interface Picture {
  width: number;
  height: number;
  fullRange: boolean;
  bt709: boolean;
}

/** One avc1 sample entry: its size (checked against the SPS), and colour as ffmpeg's H.264 decoder reports it. */
function sampleEntry(buf: Buffer, stsd: Atom): Picture {
  const { at } = fullBox(buf, stsd);
  if (buf.readUInt32BE(at) !== 1) unsupported('not exactly one sample description');
  const [entry] = childAtoms(buf, at + 4, stsd.end);
  if (entry.type !== 'avc1') unsupported(`codec ${entry.type}`);
  // VisualSampleEntry: 8 bytes of SampleEntry, then 16, width and height, then 50 more before its boxes.
  if (entry.end - entry.start < 78) unsupported('short sample entry');
  const width = buf.readUInt16BE(entry.start + 24);
  const height = buf.readUInt16BE(entry.start + 26);
  const boxes = childAtoms(buf, entry.start + 78, entry.end);
  const avcC = required(boxes, 'avcC');
  const sps = parseSps(spsOf(buf, avcC));
  if (sps.width !== width || sps.height !== height) unsupported('sample entry and SPS disagree on size');
  // The SPS's colour description wins; the container's colr stands in where the SPS has none.
  const colr = only(boxes, 'colr');
  let container: { fullRange: boolean; matrix: number } | null = null;
  if (colr && buf.toString('latin1', colr.start, colr.start + 4) === 'nclx') {
    if (colr.end - colr.start < 11) unsupported('short colr');
    container = { matrix: buf.readUInt16BE(colr.start + 8), fullRange: (buf[colr.start + 10] & 0x80) !== 0 };
  } else if (colr) unsupported('colr type');
  return {
    width,
    height,
    fullRange: sps.fullRange ?? container?.fullRange ?? false,
    bt709: (sps.matrix ?? container?.matrix) === 1,
  };
}

/** The one SPS of an avcC, emulation prevention bytes removed. */
function spsOf(buf: Buffer, avcC: Atom): Buffer {
  if (avcC.end - avcC.start < 8) unsupported('short avcC');
  if ((buf[avcC.start + 5] & 0x1f) !== 1) unsupported('not exactly one SPS');
  const length = buf.readUInt16BE(avcC.start + 6);
  const start = avcC.start + 8;
  if (length < 4 || start + length > avcC.end) unsupported('SPS outside avcC');
  const nal = buf.subarray(start, start + length);
  if ((nal[0] & 0x1f) !== 7) unsupported('not an SPS');
  const rbsp: number[] = [];
  let zeros = 0;
  for (const byte of nal.subarray(1)) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    rbsp.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(rbsp);
}

function sampleSizes(buf: Buffer, stsz: Atom, maxSamples: number): number[] {
  const { at } = fullBox(buf, stsz);
  const fixed = buf.readUInt32BE(at);
  const count = buf.readUInt32BE(at + 4);
  if (count > maxSamples) unsupported('more samples than allowed');
  if (fixed === 0) table(stsz, at + 8, count, 4);
  const sizes = new Array<number>(count);
  for (let i = 0; i < count; i++) sizes[i] = fixed || buf.readUInt32BE(at + 8 + 4 * i);
  if (sizes.includes(0)) unsupported('empty sample');
  return sizes;
}

/** stts or ctts runs expanded to one value a sample; their counts must add up to the samples. */
function expandRuns(buf: Buffer, box: Atom, count: number, signed: boolean): number[] {
  const { at } = fullBox(buf, box);
  const entries = buf.readUInt32BE(at);
  table(box, at + 4, entries, 8);
  const values = new Array<number>(count);
  let n = 0;
  for (let e = 0; e < entries; e++) {
    const run = buf.readUInt32BE(at + 4 + 8 * e);
    const value = signed ? buf.readInt32BE(at + 8 + 8 * e) : buf.readUInt32BE(at + 8 + 8 * e);
    // Negative composition offsets make ffmpeg shift decoding times: left to it.
    if (value < 0 || value > INT_MAX) unsupported('negative or huge time');
    if (run > count - n) unsupported('runs longer than the samples');
    values.fill(value, n, n + run);
    n += run;
  }
  if (n !== count) unsupported('runs shorter than the samples');
  return values;
}

/** Whether sample i is a sync sample: every one without stss. */
function syncSamples(buf: Buffer, stss: Atom | undefined, count: number): (i: number) => boolean {
  if (!stss) return () => true;
  const { at } = fullBox(buf, stss);
  const entries = buf.readUInt32BE(at);
  // An empty stss means no keyframe at all to ffmpeg.
  if (entries === 0) unsupported('empty stss');
  table(stss, at + 4, entries, 4);
  const sync = new Set<number>();
  for (let e = 0; e < entries; e++) {
    const n = buf.readUInt32BE(at + 4 + 4 * e);
    if (n < 1 || n > count) unsupported('sync sample out of range');
    sync.add(n - 1);
  }
  return (i) => sync.has(i);
}

/** Every sample's bytes must be in the file: a cut-off file's packet list ends early in ffprobe, which judges it. */
function checkSamplesInFile(buf: Buffer, stbl: Atom[], sizes: number[], fileSize: number): void {
  const co64 = only(stbl, 'co64');
  const stco = only(stbl, 'stco');
  if (!co64 === !stco) unsupported('chunk offsets');
  const chunkBox = (co64 ?? stco)!;
  const chunks = fullBox(buf, chunkBox);
  const chunkCount = buf.readUInt32BE(chunks.at);
  table(chunkBox, chunks.at + 4, chunkCount, co64 ? 8 : 4);
  const chunkOffset = (c: number) => (co64 ? Number(buf.readBigUInt64BE(chunks.at + 4 + 8 * c)) : buf.readUInt32BE(chunks.at + 4 + 4 * c));

  const stscBox = required(stbl, 'stsc');
  const stsc = fullBox(buf, stscBox);
  const runs = buf.readUInt32BE(stsc.at);
  table(stscBox, stsc.at + 4, runs, 12);
  let sample = 0;
  for (let r = 0; r < runs && sample < sizes.length; r++) {
    const entry = stsc.at + 4 + 12 * r;
    const firstChunk = buf.readUInt32BE(entry) - 1;
    const perChunk = buf.readUInt32BE(entry + 4);
    if (buf.readUInt32BE(entry + 8) !== 1) unsupported('sample description index');
    const endChunk = r + 1 < runs ? buf.readUInt32BE(entry + 12) - 1 : chunkCount;
    if (firstChunk < 0 || endChunk <= firstChunk || endChunk > chunkCount || perChunk === 0) unsupported('stsc');
    for (let c = firstChunk; c < endChunk && sample < sizes.length; c++) {
      let offset = chunkOffset(c);
      for (let s = 0; s < perChunk && sample < sizes.length; s++) {
        offset += sizes[sample++];
        if (offset > fileSize) unsupported('sample past the end of the file');
      }
    }
  }
  if (sample !== sizes.length) unsupported('samples without a chunk');
}

/**
 * The single edit of an edit list, if any: the composition time the
 * presentation starts at (x264's B-frame delay) and its length, in media time.
 * It must show every sample: ffmpeg flags samples outside the edit to be
 * dropped, and such files go to ffprobe.
 */
function editOf(
  buf: Buffer,
  trak: Atom[],
  movieTimescale: number,
  timescale: number,
  cts: number[],
): { mediaTime: number; duration: number } | null {
  const edts = only(trak, 'edts');
  if (!edts) return null;
  const elstBox = required(childAtoms(buf, edts.start, edts.end), 'elst');
  const elst = fullBox(buf, elstBox);
  if (elst.version > 1 || buf.readUInt32BE(elst.at) !== 1) unsupported('not a single edit');
  const entry = elst.at + 4;
  const wide = elst.version === 1;
  table(elstBox, entry, 1, wide ? 20 : 12);
  const segment = wide ? buf.readBigUInt64BE(entry) : BigInt(buf.readUInt32BE(entry));
  const mediaTime = wide ? Number(buf.readBigInt64BE(entry + 8)) : buf.readInt32BE(entry + 4);
  const rate = buf.readInt32BE(entry + (wide ? 16 : 8));
  if (rate !== 0x10000 || mediaTime < 0 || segment === 0n || movieTimescale === 0) unsupported('edit');
  // The segment in media time, rounded to nearest as av_rescale does.
  const duration = Number((2n * segment * BigInt(timescale) + BigInt(movieTimescale)) / (2n * BigInt(movieTimescale)));
  if (!Number.isSafeInteger(mediaTime + duration)) unsupported('edit');
  if (cts.some((t) => t < mediaTime || t >= mediaTime + duration) || !cts.includes(mediaTime)) {
    unsupported('edit does not show every sample');
  }
  return { mediaTime, duration };
}
