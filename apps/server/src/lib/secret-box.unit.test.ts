import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config.ts';
import { loadKeyFile, openSecretBox, parseSecretKey, SecretBox, WrongSecretKeyError } from './secret-box.ts';

const folders: string[] = [];
async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), 'pms-secret-'));
  folders.push(made);
  return made;
}
afterEach(async () => {
  for (const made of folders.splice(0)) await rm(made, { recursive: true, force: true });
});

describe('parseSecretKey', () => {
  it('takes 32 bytes in hex or base64', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey(undefined)).toBeNull();
    expect(parseSecretKey('')).toBeNull();
  });

  it('refuses anything else with a message saying what to set', () => {
    for (const value of ['secret', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')]) {
      expect(() => parseSecretKey(value)).toThrow(/SECRET_KEY must be 32 random bytes/);
    }
  });
});

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a value so that it reads back, never in clear, different every time', () => {
    const sealed = box.seal('sk_live_123', 'setting:p:k');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('sk_live_123');
    expect(box.seal('sk_live_123', 'setting:p:k')).not.toBe(sealed);
    expect(box.open(sealed, 'setting:p:k')).toBe('sk_live_123');
  });

  it('fails loudly under another key, in another context, or when damaged', () => {
    const sealed = box.seal('sk_live_123', 'setting:p:k');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'setting:p:k')).toThrow(WrongSecretKeyError);
    expect(() => box.open(sealed, 'setting:p:other')).toThrow(WrongSecretKeyError);
    expect(() => box.open(`${sealed.slice(0, -4)}AAAA`, 'setting:p:k')).toThrow(WrongSecretKeyError);
  });

  it('reads a value stored in clear before sealing existed as it is', () => {
    expect(box.open('plain old secret', 'setting:p:k')).toBe('plain old secret');
  });
});

describe('the key file under DATA_DIR', () => {
  it('is made once, readable by the owner only, and kept', async () => {
    const dataDir = await folder();
    const first = await loadKeyFile(dataDir);
    expect(first.isNew).toBe(true);
    expect((await stat(first.file)).mode & 0o777).toBe(0o600);
    const again = await loadKeyFile(dataDir);
    expect(again).toMatchObject({ isNew: false, file: first.file });
    expect(again.key).toEqual(first.key);
  });

  it('gives instances starting at once the same key', async () => {
    const dataDir = await folder();
    const loaded = await Promise.all(Array.from({ length: 8 }, () => loadKeyFile(dataDir)));
    expect(loaded.filter((entry) => entry.isNew)).toHaveLength(1);
    for (const entry of loaded) expect(entry.key).toEqual(loaded[0]!.key);
    expect((await readFile(loaded[0]!.file, 'utf8')).trim()).toBe(loaded[0]!.key.toString('base64'));
  });

  it('is logged when a start makes it, and not used when SECRET_KEY is set', async () => {
    const dataDir = await folder();
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    await openSecretBox(readConfig({ DATA_DIR: dataDir }), log);
    await openSecretBox(readConfig({ DATA_DIR: dataDir }), log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(vi.mocked(log.warn).mock.calls[0]![0]).toEqual({ file: path.join(dataDir, 'secret.key') });

    const elsewhere = await folder();
    const key = randomBytes(32);
    const box = await openSecretBox(
      readConfig({ DATA_DIR: elsewhere, SECRET_KEY: key.toString('hex') }),
      log,
    );
    expect(new SecretBox(key).open(box.seal('x', 'c'), 'c')).toBe('x');
    await expect(stat(path.join(elsewhere, 'secret.key'))).rejects.toThrow();
  });
});
