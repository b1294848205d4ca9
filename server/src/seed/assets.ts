import { Asset, AssetService, ID, isGraphQlErrorResult } from '@vendure/core';
import fs from 'fs';
import os from 'os';
import path from 'path';

import { SeedContext } from './types';

let tmpDir: string | undefined;

/**
 * Stores an image buffer as a Vendure Asset (via AssetService, so previews and the asset server
 * work as for uploads). `fileName` decides the stored name (e.g. `linen-midi-dress-1.webp`).
 * Other seed steps (content banners, payment logos) can use it too.
 */
export async function createAssetFromBuffer(seed: SeedContext, buffer: Buffer, fileName: string): Promise<Asset> {
  tmpDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'seed-assets-'));
  const file = path.join(tmpDir, fileName);
  fs.writeFileSync(file, buffer);
  try {
    const result = await seed.injector.get(AssetService).createFromFileStream(fs.createReadStream(file), seed.ctx);
    if (isGraphQlErrorResult(result)) throw new Error(`Asset ${fileName}: ${result.message}`);
    return result;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export type AssetId = ID;
