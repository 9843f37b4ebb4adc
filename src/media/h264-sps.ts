import { unsupported } from './mp4-atoms';

/** An H.264 sequence parameter set (ITU-T H.264 7.3.2.1), read for what ffprobe reports of the picture. */

class Bits {
  private bit = 0;
  constructor(private readonly bytes: Buffer) {}

  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (this.bit >= this.bytes.length * 8) unsupported('SPS ends early');
      v = v * 2 + ((this.bytes[this.bit >> 3] >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return v;
  }

  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) if (++zeros > 31) unsupported('SPS Exp-Golomb code too long');
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 ? (k + 1) / 2 : -k / 2;
  }
}

/** Profiles whose SPS carries chroma format, bit depths and scaling matrices (H.264 7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** The picture size (cropped) and colour signalling of an 8-bit 4:2:0 progressive SPS; anything else is left to ffprobe. */
export function parseSps(rbsp: Buffer): { width: number; height: number; fullRange?: boolean; matrix?: number } {
  const r = new Bits(rbsp);
  const profile = r.u(8);
  r.u(16); // constraint flags, level
  r.ue(); // seq_parameter_set_id
  if (HIGH_PROFILES.has(profile)) {
    if (r.ue() !== 1) unsupported('chroma format other than 4:2:0');
    if (r.ue() !== 0 || r.ue() !== 0) unsupported('bit depth over 8');
    r.u(1); // qpprime_y_zero_transform_bypass_flag
    if (r.u(1)) {
      for (let i = 0; i < 8; i++) {
        if (!r.u(1)) continue;
        let last = 8;
        let next = 8;
        for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
          if (next !== 0) next = (last + r.se() + 256) % 256;
          last = next === 0 ? last : next;
        }
      }
    }
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) r.ue();
  else if (pocType === 1) {
    r.u(1);
    r.se();
    r.se();
    const cycle = r.ue();
    if (cycle > 255) unsupported('POC cycle');
    for (let i = 0; i < cycle; i++) r.se();
  } else if (pocType !== 2) unsupported('POC type');
  r.ue(); // max_num_ref_frames
  r.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = r.ue() + 1;
  const heightMbs = r.ue() + 1;
  if (!r.u(1)) unsupported('interlaced');
  r.u(1); // direct_8x8_inference_flag
  let crop = [0, 0, 0, 0];
  if (r.u(1)) crop = [r.ue(), r.ue(), r.ue(), r.ue()];
  // ffmpeg rounds left cropping down to its alignment: left to it.
  if (crop[0] !== 0) unsupported('left cropping');
  // 4:2:0 progressive: cropping counts pairs of pixels.
  const width = widthMbs * 16 - 2 * (crop[0] + crop[1]);
  const height = heightMbs * 16 - 2 * (crop[2] + crop[3]);
  if (width <= 0 || height <= 0) unsupported('cropping');
  const sps: ReturnType<typeof parseSps> = { width, height };
  if (!r.u(1)) return sps; // vui_parameters_present_flag
  if (r.u(1) && r.u(8) === 255) r.u(32); // aspect ratio
  if (r.u(1)) r.u(1); // overscan
  if (r.u(1)) {
    r.u(3); // video_format
    sps.fullRange = r.u(1) === 1;
    if (r.u(1)) {
      r.u(16); // colour primaries, transfer characteristics
      sps.matrix = r.u(8);
    }
  }
  return sps;
}
