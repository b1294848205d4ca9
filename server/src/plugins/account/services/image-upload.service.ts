import { Inject, Injectable } from '@nestjs/common';
import { Asset, AssetService, ConfigService, Customer, ID, Logger, RequestContext, TransactionalConnection } from '@vendure/core';
import { randomBytes } from 'crypto';
import path from 'path';
import sharp from 'sharp';
import { Readable } from 'stream';

import { UploadImageError } from '../api/account-errors';
import { ACCOUNT_PLUGIN_OPTIONS, AccountPluginOptions } from '../constants';

const CUSTOMER_UPLOAD_PREFIX = 'customer-upload-';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Whether the whole image decodes (a damaged or truncated file does not). */
export async function decodes(buf: Buffer): Promise<boolean> {
  try {
    await sharp(buf, { failOn: 'truncated' }).stats();
    return true;
  } catch {
    return false;
  }
}

type ImageKind = { ext: 'jpg' | 'png' | 'webp'; mime: string };

/** Type by content, never by the client's filename or Content-Type. */
export function sniffImage(buf: Buffer): ImageKind | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return undefined;
}

interface FileUpload {
  filename: string;
  mimetype: string;
  createReadStream: () => Readable;
}

/**
 * Customer image upload: reads at most maxUploadBytes+1 bytes (the stream is destroyed beyond
 * that, so a huge body is not buffered), checks magic bytes, and stores the bytes as a Vendure
 * asset under a server-chosen name. The new asset becomes the customer's `avatar`; the previous
 * avatar is deleted when it was a customer upload (the field is readonly, so only this service
 * points a customer at an upload; AssetService.delete still refuses assets a product uses).
 */
@Injectable()
export class ImageUploadService {
  constructor(
    private readonly assetService: AssetService,
    private readonly configService: ConfigService,
    private readonly connection: TransactionalConnection,
    @Inject(ACCOUNT_PLUGIN_OPTIONS) private readonly options: AccountPluginOptions,
  ) {}

  async upload(ctx: RequestContext, customer: Customer, file: Promise<FileUpload> | FileUpload) {
    const upload = await file;
    const read = await readLimited(upload.createReadStream(), this.options.maxUploadBytes);
    if (read === 'too-large') return new UploadImageError('UPLOAD_IMAGE_TOO_LARGE');
    if (!read.length) return new UploadImageError('UPLOAD_IMAGE_EMPTY');
    const kind = sniffImage(read);
    // A file the shopper chose as a JPEG/PNG/WebP (its type, from its name) whose bytes are not
    // one, or one that does not decode, is a damaged image: say so, not "unsupported type"
    // (issue 32 §7). The type stays decided by the content.
    if (!kind) return new UploadImageError(IMAGE_TYPES.has(upload.mimetype) ? 'UPLOAD_IMAGE_UNREADABLE' : 'UPLOAD_IMAGE_UNSUPPORTED_TYPE');
    if (!(await decodes(read))) return new UploadImageError('UPLOAD_IMAGE_UNREADABLE');

    const name = `${CUSTOMER_UPLOAD_PREFIX}${Date.now()}-${randomBytes(4).toString('hex')}.${kind.ext}`;
    const asset = await this.assetService.createFromFileStream(Readable.from(read), name, ctx);
    if ('errorCode' in asset) return new UploadImageError('UPLOAD_IMAGE_UNSUPPORTED_TYPE');
    await this.setAvatar(ctx, customer.id, asset);
    return {
      __typename: 'UploadedImage' as const,
      id: asset.id,
      name: asset.name,
      fileSize: asset.fileSize,
      source: this.url(ctx, asset.source),
      preview: this.url(ctx, asset.preview),
    };
  }

  private async setAvatar(ctx: RequestContext, customerId: ID, asset: Asset) {
    const repo = this.connection.getRepository(ctx, Customer);
    const current = await repo.findOne({ where: { id: customerId }, relations: ['customFields.avatar'] });
    const previous = (current?.customFields as { avatar?: Asset | null } | undefined)?.avatar;
    await repo.createQueryBuilder().relation(Customer, 'customFields.avatar').of(customerId).set(asset.id);
    // Asset names are translated; the stored file name (the source path) says it was a customer upload.
    if (previous?.id && previous.id !== asset.id && path.posix.basename(previous.source ?? '').startsWith(CUSTOMER_UPLOAD_PREFIX)) {
      // Tidy-up only: a failure here must not undo the new avatar.
      await this.assetService.delete(ctx, [previous.id]).catch((e: unknown) => {
        Logger.warn(`Could not delete previous avatar ${String(previous.id)}: ${String(e)}`, 'AccountPlugin');
      });
    }
  }

  /** UploadedImage is not the Asset type, so core's asset URL interceptor does not apply. */
  private url(ctx: RequestContext, identifier: string) {
    const strategy = this.configService.assetOptions.assetStorageStrategy;
    return strategy.toAbsoluteUrl && ctx.req ? strategy.toAbsoluteUrl(ctx.req, identifier) : identifier;
  }
}

async function readLimited(stream: Readable, max: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += b.length;
      if (size > max) {
        stream.destroy();
        return 'too-large';
      }
      chunks.push(b);
    }
  } catch (e) {
    // graphql-upload aborts the stream when the request exceeds uploadMaxFileSize.
    if ((e as any)?.status === 413 || /exceeds|limit/i.test(String((e as Error)?.message))) return 'too-large';
    throw e;
  }
  return Buffer.concat(chunks);
}
