import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSps } from '../../src/media/h264-sps';
import { ffprobeSeconds, readMp4Index } from '../../src/media/mp4-index';

/**
 * The MP4 reader on files built box by box: what it reads from a well-formed
 * one, and that hostile ones (sizes past their parent or the file, huge
 * counts, cut-off and corrupted bytes) are declined, never crash or hang.
 * Agreement with ffprobe on real files: test/integration/mp4-index.test.ts.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-mp4-index-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** SPSs written by x264 for 64x48 4:2:0: without colour signalling, and full range BT.709. */
const SPS_PLAIN = Buffer.from('6764000aacd9447b011000000300100000030140f1225960', 'hex');
const SPS_FULL_709 = Buffer.from('6764000aacd9447b016e04040280000003008000000a078912cb', 'hex');

const u8 = (...v: number[]) => Buffer.from(v);
const u16 = (v: number) => Buffer.from([v >> 8, v & 0xff]);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts);
  return Buffer.concat([u32(payload.length + 8), Buffer.from(type, 'latin1'), payload]);
};
const full = (type: string, version: number, ...parts: Buffer[]) => box(type, u8(version, 0, 0, 0), ...parts);

interface Track {
  sps?: Buffer;
  width?: number;
  height?: number;
  /** Per sample: duration, composition offset, size. */
  samples?: { duration: number; offset: number; size: number }[];
  sync?: number[];
  edit?: { segment: number; mediaTime: number } | null;
  timescale?: number;
  mdhdDuration?: number;
  extraTrak?: boolean;
}

/** A GOP at 512 ticks a frame (timescale 5120, 10 fps): I P B B, shown I B B P two frames late (x264's delay). */
const GOP = [
  { duration: 512, offset: 1024, size: 40 },
  { duration: 512, offset: 2048, size: 10 },
  { duration: 512, offset: 512, size: 10 },
  { duration: 512, offset: 512, size: 10 },
];

function mp4({
  sps = SPS_PLAIN,
  width = 64,
  height = 48,
  samples = [...GOP, ...GOP],
  sync = [1, 5],
  edit = { segment: 800, mediaTime: 1024 },
  timescale = 5120,
  mdhdDuration = 8 * 512,
  extraTrak = false,
}: Track = {}): Buffer {
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(width),
    u16(height),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
    box('avcC', u8(1, 0x64, 0, 0x0a, 0xff, 0xe1), u16(sps.length), sps, u8(1), u16(4), u8(0x68, 0xeb, 0xe3, 0xcb)),
  );
  const ftyp = box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2avc1mp41'));
  const mdatPayload = Buffer.alloc(
    samples.reduce((s, x) => s + x.size, 0),
    0x55,
  );
  const build = (mdatOffset: number) => {
    const stbl = box(
      'stbl',
      full('stsd', 0, u32(1), avc1),
      full('stts', 0, u32(samples.length), ...samples.flatMap((s) => [u32(1), u32(s.duration)])),
      full('ctts', 0, u32(samples.length), ...samples.flatMap((s) => [u32(1), u32(s.offset)])),
      full('stss', 0, u32(sync.length), ...sync.map(u32)),
      full('stsc', 0, u32(1), u32(1), u32(samples.length), u32(1)),
      full('stsz', 0, u32(0), u32(samples.length), ...samples.map((s) => u32(s.size))),
      full('stco', 0, u32(1), u32(mdatOffset + 8)),
    );
    const trak = box(
      'trak',
      full('tkhd', 0, Buffer.alloc(80)),
      ...(edit ? [box('edts', full('elst', 0, u32(1), u32(edit.segment), u32(edit.mediaTime), u32(0x10000)))] : []),
      box(
        'mdia',
        full('mdhd', 0, u32(0), u32(0), u32(timescale), u32(mdhdDuration), u32(0x55c40000)),
        full('hdlr', 0, u32(0), Buffer.from('vide'), Buffer.alloc(12), u8(0)),
        box('minf', full('vmhd', 0, Buffer.alloc(8)), box('dinf', full('dref', 0, u32(1), box('url ', u8(0, 0, 0, 1)))), stbl),
      ),
    );
    return box('moov', full('mvhd', 0, u32(0), u32(0), u32(1000), u32(800), Buffer.alloc(80)), trak, ...(extraTrak ? [trak] : []));
  };
  const moovLength = build(0).length;
  return Buffer.concat([ftyp, build(ftyp.length + moovLength), box('mdat', mdatPayload)]);
}

let files = 0;
function write(bytes: Buffer): string {
  const file = path.join(dir, `${files++}.mp4`);
  fs.writeFileSync(file, bytes);
  return file;
}
const read = (bytes: Buffer, maxSamples = 1000) => readMp4Index(write(bytes), maxSamples);

describe('parseSps', () => {
  it('reads the cropped size and the colour signalling, emulation prevention bytes removed', () => {
    const rbsp = (nal: Buffer) => Buffer.from(nal.subarray(1).toString('hex').replaceAll('000003', '0000'), 'hex');
    expect(parseSps(rbsp(SPS_PLAIN))).toEqual({ width: 64, height: 48 });
    expect(parseSps(rbsp(SPS_FULL_709))).toEqual({ width: 64, height: 48, fullRange: true, matrix: 1 });
  });
});

describe('ffprobeSeconds', () => {
  it('prints as printf does, an exact half microsecond to even', () => {
    expect(ffprobeSeconds(33240, 15360)).toBe(2.164062); // 2.1640625 exactly
    expect(ffprobeSeconds(33248, 15360)).toBe(2.164583);
    expect(ffprobeSeconds(1001, 30000)).toBe(0.033367);
  });
});

describe('readMp4Index on a well-formed file', () => {
  it('reads times shifted by the edit, keyframes, size, rate and duration', async () => {
    const index = await read(mp4());
    expect(index).toEqual({
      // The shortest of the media's (4096), its samples' (4096) and its edit's (800 ms: 4096).
      durationSeconds: 0.8,
      streamDuration: true,
      width: 64,
      height: 48,
      fps: 10,
      codec: 'h264',
      format: 'mov,mp4,m4a,3gp,3g2,mj2',
      planarYuv: true,
      fullRange: false,
      bt709: false,
      startSeconds: 0,
      packets: [0, 0.3, 0.1, 0.2, 0.4, 0.7, 0.5, 0.6].map((seconds, i) => ({ seconds, key: i === 0 || i === 4 })),
    });
  });

  it('reads colour from the SPS, times unshifted without an edit list', async () => {
    const index = await read(mp4({ sps: SPS_FULL_709, edit: null }));
    expect(index).toMatchObject({ fullRange: true, bt709: true, startSeconds: 0.2, durationSeconds: 0.8 });
    expect(index!.packets[0]).toEqual({ seconds: 0.2, key: true });
  });
});

describe('readMp4Index declines what ffprobe must judge', () => {
  const good = mp4();
  const patched = (at: number, value: Buffer, bytes = good) => {
    const copy = Buffer.from(bytes);
    value.copy(copy, at);
    return copy;
  };
  const offsetOf = (type: string, bytes = good) => bytes.indexOf(Buffer.from(type, 'latin1')) - 4;

  it('a top-level box running past the end of the file (a cut-off download)', async () => {
    expect(await read(patched(offsetOf('mdat'), u32(0x7fffffff)))).toBeNull();
    // A 64-bit size near 2^64.
    const huge = Buffer.concat([good.subarray(0, offsetOf('mdat')), u32(1), Buffer.from('mdat'), Buffer.alloc(8, 0xff)]);
    expect(await read(huge)).toBeNull();
  });

  it('a box claiming more than its parent holds, or less than its header', async () => {
    expect(await read(patched(offsetOf('stbl'), u32(0x00ffffff)))).toBeNull();
    expect(await read(patched(offsetOf('trak'), u32(4)))).toBeNull();
  });

  it('counts far beyond the bytes there, without allocating from them', async () => {
    // stsz: a fixed sample size and 4 billion samples; stts and stss: 4 billion entries.
    const stsz = offsetOf('stsz');
    expect(await read(patched(stsz + 12, Buffer.concat([u32(10), u32(0xffffffff)])))).toBeNull();
    expect(await read(patched(offsetOf('stts') + 12, u32(0xffffffff)))).toBeNull();
    expect(await read(patched(offsetOf('stss') + 12, u32(0xffffffff)))).toBeNull();
    // More samples than allowed: ffprobe refuses them with the usual message.
    expect(await read(good, 7)).toBeNull();
  });

  it('sample data past the end of the file', async () => {
    const stco = offsetOf('stco');
    expect(await read(patched(stco + 16, u32(good.length - 20)))).toBeNull();
  });

  it('more than one track, a second SPS, sizes that disagree, an empty stss, a trimmed end, an edit starting late', async () => {
    expect(await read(mp4({ extraTrak: true }))).toBeNull();
    expect(await read(mp4({ width: 66 }))).toBeNull();
    expect(await read(mp4({ sync: [] }))).toBeNull();
    // The edit ends before the last frame is shown, or starts after the first.
    expect(await read(mp4({ edit: { segment: 650, mediaTime: 1024 } }))).toBeNull();
    expect(await read(mp4({ edit: { segment: 800, mediaTime: 1536 } }))).toBeNull();
    const avcC = offsetOf('avcC');
    expect(await read(patched(avcC + 13, u8(0xe2)))).toBeNull();
  });

  it('no ftyp first, no moov, many top-level boxes', async () => {
    expect(await read(good.subarray(offsetOf('moov')))).toBeNull();
    expect(await read(Buffer.concat([good.subarray(0, offsetOf('moov')), good.subarray(offsetOf('mdat'))]))).toBeNull();
    expect(await read(Buffer.concat([good, ...Array.from({ length: 100 }, () => box('free'))]))).toBeNull();
  });

  it('every cut-off prefix of the file', async () => {
    for (let length = 0; length < good.length; length += 3) expect(await read(good.subarray(0, length))).toBeNull();
  });

  it('corrupted bytes anywhere in the moov: declined or read, never a crash', async () => {
    let seed = 33;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const moov = offsetOf('moov');
    const moovEnd = offsetOf('mdat');
    let declined = 0;
    for (let trial = 0; trial < 300; trial++) {
      const copy = Buffer.from(good);
      for (let k = 0; k < 3; k++) copy[moov + Math.floor(random() * (moovEnd - moov))] = Math.floor(random() * 256);
      const index = await read(copy);
      if (index === null) declined++;
      else expect(index.packets.length).toBeLessThanOrEqual(8);
    }
    expect(declined).toBeGreaterThan(0);
  });
});
