import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * Frame images by key. PostgreSQL is the shared copy (any worker of the fleet
 * can load any run's frames); a local directory caches what this host has seen.
 */
export class FrameStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cacheDir: string,
  ) {}

  private cachePath(key: string): string {
    return path.join(this.cacheDir, key.replace(/[^A-Za-z0-9._-]/g, '_'));
  }

  async put(key: string, content: Buffer, contentType = 'image/jpeg'): Promise<void> {
    const inserted = await this.pool.query(
      'INSERT INTO frame_blobs (storage_key, content_type, content) VALUES ($1, $2, $3) ON CONFLICT (storage_key) DO NOTHING',
      [key, contentType, content],
    );
    // An earlier attempt's frame stands: the shared copy is the one every worker must see.
    if (inserted.rowCount === 1) this.writeCache(key, content);
  }

  async get(key: string): Promise<Buffer> {
    const cached = this.cachePath(key);
    try {
      return await fs.promises.readFile(cached);
    } catch {
      // not on this host yet
    }
    const result = await this.pool.query<{ content: Buffer }>('SELECT content FROM frame_blobs WHERE storage_key = $1', [key]);
    if (result.rowCount === 0) throw new Error(`frame ${key} is missing from the frame store`);
    const content = result.rows[0].content;
    this.writeCache(key, content);
    return content;
  }

  private writeCache(key: string, content: Buffer): void {
    try {
      fs.mkdirSync(this.cacheDir, { recursive: true });
      const target = this.cachePath(key);
      // Write then rename so a concurrent reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, content);
      fs.renameSync(tmp, target);
    } catch {
      // The cache is an optimisation; PostgreSQL holds the frame.
    }
  }
}
