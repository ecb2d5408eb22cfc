import sharp from 'sharp';
import { describe, expect, vi } from 'vitest';
import { maxFileSize, ZFile, ZFileUrl, ZPaged, type TFile } from '@pms/contract';
import {
  anonymous,
  demo,
  expectProblem,
  loginAt,
  parsed,
  pdfBytes,
  pngBytes,
  switchProperty,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest;
test.afterEach(() => {
  vi.useRealTimers();
});

const png = pngBytes(3, 2);
const pdf = pdfBytes('Meldeschein');

async function upload(
  client: ApiClient,
  name: string,
  content: Buffer,
  query?: Record<string, string>,
): Promise<TFile> {
  const response = await client.upload('/api/files', { name, content }, query ? { query } : {});
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZFile);
}

/** The path and query of a signed url, for app.inject. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe('POST /api/files', () => {
  test('stores a PNG image and a PDF document by their real type', async ({ demoApp: { client: admin } }) => {
    const image = await upload(admin, 'Lobby Foto.png', png);
    expect(image).toMatchObject({
      name: 'Lobby Foto.png',
      mimeType: 'image/png',
      type: '.png',
      size: png.length,
      purpose: null,
    });
    const document = await upload(admin, 'meldeschein', pdf, { purpose: 'registration' });
    // The name gets the extension of what the content really is.
    expect(document).toMatchObject({
      name: 'meldeschein.pdf',
      mimeType: 'application/pdf',
      type: '.pdf',
      size: pdf.length,
    });
    expect(document.purpose).toBe('registration');
  });

  test('keeps only the base name of a path sent as file name', async ({ demoApp: { client: admin } }) => {
    const file = await upload(admin, '../../etc/passwd.png', png);
    expect(file.name).toBe('passwd.png');
  });

  test('refuses a text file named .png with 415 file/type_not_allowed', async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.upload('/api/files', {
      name: 'innocent.png',
      content: Buffer.from('just some text\n'.repeat(20)),
    });
    expectProblem(response, 415, 'file/type_not_allowed');
  });

  test('refuses an image that does not decode with 415 file/type_not_allowed', async ({
    demoApp: { client: admin },
  }) => {
    // Eleven bytes of JPEG header with nothing behind it, and a real PNG cut off inside its pixel data.
    const fakeJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const truncatedPng = pngBytes(40, 30).subarray(0, -20);
    for (const [name, content] of [
      ['photo.jpg', fakeJpeg],
      ['photo.png', truncatedPng],
    ] as const) {
      const response = await admin.upload('/api/files', { name, content });
      expectProblem(response, 415, 'file/type_not_allowed');
    }
    const logo = await admin.upload(
      '/api/files',
      { name: 'logo.png', content: truncatedPng },
      {
        query: { purpose: 'logo' },
      },
    );
    expectProblem(logo, 415, 'file/type_not_allowed');
    const list = parsed(await admin.get('/api/files', { query: { pageSize: '100' } }), ZPaged(ZFile));
    expect(list.data.map((file) => file.name)).not.toContain('photo.jpg');
  });

  test('accepts real JPEG, PNG and WebP images', async ({ demoApp: { client: admin } }) => {
    const picture = sharp({ create: { width: 24, height: 16, channels: 3, background: '#1d5fd8' } });
    for (const [name, content, mimeType] of [
      ['scan.jpg', await picture.clone().jpeg().toBuffer(), 'image/jpeg'],
      ['scan.png', pngBytes(24, 16), 'image/png'],
      ['scan.webp', await picture.clone().webp().toBuffer(), 'image/webp'],
    ] as const) {
      expect(await upload(admin, name, content)).toMatchObject({ name, mimeType });
    }
  });

  test('refuses other real types with 415 file/type_not_allowed', async ({ demoApp: { client: admin } }) => {
    const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64)]);
    expectProblem(
      await admin.upload('/api/files', { name: 'anim.gif', content: gif }),
      415,
      'file/type_not_allowed',
    );
  });

  test('accepts a file of several megabytes below the limit', async ({ demoApp: { client: admin } }) => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const file = await upload(admin, 'big.png', big);
    expect(file.size).toBe(big.length);
  });

  test('refuses a file above the size limit with 413 file/too_large', async ({
    demoApp: { client: admin },
  }) => {
    const huge = Buffer.concat([png, Buffer.alloc(maxFileSize + 1 - png.length)]);
    const response = await admin.upload('/api/files', { name: 'huge.png', content: huge });
    expectProblem(response, 413, 'file/too_large');
    const list = parsed(await admin.get('/api/files', { query: { pageSize: '100' } }), ZPaged(ZFile));
    expect(list.data.map((file) => file.name)).not.toContain('huge.png');
  });

  test('refuses a multipart request without a file with 400 validation', async ({
    demoApp: { client: admin },
  }) => {
    const boundary = 'only-a-field';
    const payload = `--${boundary}\r\ncontent-disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const response = await admin.post('/api/files', payload, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectProblem(response, 400, 'validation');
  });

  test('refuses a request that is not multipart with 400 validation', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(await admin.post('/api/files', { file: 'not multipart' }), 400, 'validation');
  });
});

describe('reading files', () => {
  test('lists, gets and serves the content of a file', async ({ demoApp: { client: admin } }) => {
    const file = await upload(admin, 'Zimmer 12.png', png);

    const list = await admin.get('/api/files');
    expect(list.statusCode).toBe(200);
    expect(parsed(list, ZPaged(ZFile)).data.map((entry) => entry.id)).toContain(file.id);

    const single = await admin.get(`/api/files/${file.id}`);
    expect(single.statusCode).toBe(200);
    expect(parsed(single, ZFile)).toEqual(file);

    const content = await admin.get(`/api/files/${file.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['content-disposition']).toBe(`inline; filename="Zimmer 12.png"`);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.rawPayload.equals(png)).toBe(true);
  });

  test('names a non-ASCII file in both content-disposition forms', async ({ demoApp: { client: admin } }) => {
    const file = await upload(admin, 'Gästeblatt Müller.pdf', pdf);
    const content = await admin.get(`/api/files/${file.id}/content`);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toBe(
      `inline; filename="G?steblatt M?ller.pdf"; filename*=UTF-8''${encodeURIComponent('Gästeblatt Müller.pdf')}`,
    );
    expect(content.rawPayload.equals(pdf)).toBe(true);
  });

  test('answers 404 for an unknown file and 400 for a malformed id', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(await admin.get('/api/files/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectProblem(
      await admin.get('/api/files/00000000-0000-4000-8000-000000000000/content'),
      404,
      'not_found',
    );
    expectProblem(await admin.get('/api/files/nope'), 400, 'validation');
  });
});

describe('signed download urls', () => {
  test('serve the file without a session until they expire', async ({ demoApp: { t, client: admin } }) => {
    const file = await upload(admin, 'rechnung.pdf', pdf);
    const response = await admin.get(`/api/files/${file.id}/url`);
    expect(response.statusCode).toBe(200);
    const link = parsed(response, ZFileUrl);
    expect(link.url.startsWith(`http://localhost:3000/api/files/${file.id}/download?`)).toBe(true);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const download = await anonymous(t.app).get(pathOf(link.url));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename=rechnung.pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(link.expiresAt).getTime() + 1000);
    expectProblem(await anonymous(t.app).get(pathOf(link.url)), 403, 'file/link_invalid');
  });

  test('refuse a tampered signature, a moved expiry or another file with 403 file/link_invalid', async ({
    demoApp: { t, client: admin },
  }) => {
    const file = await upload(admin, 'a.png', png);
    const other = await upload(admin, 'b.png', png);
    const link = new URL(parsed(await admin.get(`/api/files/${file.id}/url`), ZFileUrl).url);
    const signature = link.searchParams.get('signature')!;
    const expires = Number(link.searchParams.get('expires'));
    const client = anonymous(t.app);

    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await client.get(`/api/files/${file.id}/download`, {
      query: { expires: String(expires), signature: flipped },
    });
    expectProblem(tampered, 403, 'file/link_invalid');
    const extended = await client.get(`/api/files/${file.id}/download`, {
      query: { expires: String(expires + 86_400_000), signature },
    });
    expectProblem(extended, 403, 'file/link_invalid');
    const elsewhere = await client.get(`/api/files/${other.id}/download`, {
      query: { expires: String(expires), signature },
    });
    expectProblem(elsewhere, 403, 'file/link_invalid');
    const expired = await client.get(`/api/files/${file.id}/download`, {
      query: { expires: String(Date.now() - 1000), signature },
    });
    expectProblem(expired, 403, 'file/link_invalid');
    expectProblem(await client.get(`/api/files/${file.id}/download`), 400, 'validation');
  });
});

describe('DELETE /api/files/:id', () => {
  test('deletes a file: it is gone from the list, its content and its links', async ({
    demoApp: { t, client: admin },
  }) => {
    const file = await upload(admin, 'weg.png', png);
    const link = parsed(await admin.get(`/api/files/${file.id}/url`), ZFileUrl);
    expect((await admin.delete(`/api/files/${file.id}`)).statusCode).toBe(204);

    expectProblem(await admin.get(`/api/files/${file.id}`), 404, 'not_found');
    expectProblem(await admin.get(`/api/files/${file.id}/content`), 404, 'not_found');
    expectProblem(await admin.get(`/api/files/${file.id}/url`), 404, 'not_found');
    expectProblem(await anonymous(t.app).get(pathOf(link.url)), 404, 'not_found');
    expectProblem(await admin.delete(`/api/files/${file.id}`), 404, 'not_found');
    const list = parsed(await admin.get('/api/files', { query: { pageSize: '100' } }), ZPaged(ZFile));
    expect(list.data.map((entry) => entry.id)).not.toContain(file.id);
  });
});

describe("another property's files", () => {
  test('answer 404 everywhere and stay out of the list', async ({ demoApp: { client: admin, ids } }) => {
    await switchProperty(admin, ids[demo.germany]!);
    const foreign = await upload(admin, 'berlin.png', png);
    await switchProperty(admin, ids[demo.austria]!);

    expectProblem(await admin.get(`/api/files/${foreign.id}`), 404, 'not_found');
    expectProblem(await admin.get(`/api/files/${foreign.id}/content`), 404, 'not_found');
    expectProblem(await admin.get(`/api/files/${foreign.id}/url`), 404, 'not_found');
    expectProblem(await admin.delete(`/api/files/${foreign.id}`), 404, 'not_found');
    const list = parsed(await admin.get('/api/files', { query: { pageSize: '100' } }), ZPaged(ZFile));
    expect(list.data.map((entry) => entry.id)).not.toContain(foreign.id);

    await switchProperty(admin, ids[demo.germany]!);
    expect((await admin.get(`/api/files/${foreign.id}/content`)).statusCode).toBe(200);
    await switchProperty(admin, ids[demo.austria]!);
  });
});

describe('file roles', () => {
  test('let staff work with files but not cleaning or catering, who still see the property’s logo', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const logo = await upload(admin, 'logo.png', png, { purpose: 'logo' });
    const otherLogo = await upload(admin, 'entwurf.png', png, { purpose: 'logo' });
    const scan = await upload(admin, 'ausweis.png', png, { purpose: 'id_scan' });
    const branded = await admin.put(`/api/properties/${ids[demo.austria]}`, {
      branding: { logoId: logo.id },
    });
    expect(branded.statusCode, branded.body).toBe(200);

    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expect((await staff.get(`/api/files/${scan.id}/content`)).statusCode).toBe(200);
    const own = await upload(staff, 'staff.pdf', pdf);
    expect((await staff.delete(`/api/files/${own.id}`)).statusCode).toBe(204);

    for (const email of [demo.users.cleaning, demo.users.catering]) {
      const user = await loginAt(t.app, email, ids[demo.austria]!);
      expectProblem(await user.get('/api/files'), 403, 'auth/forbidden');
      expectProblem(await user.get(`/api/files/${scan.id}`), 403, 'auth/forbidden');
      expectProblem(await user.get(`/api/files/${scan.id}/content`), 403, 'auth/forbidden');
      expectProblem(await user.get(`/api/files/${scan.id}/url`), 403, 'auth/forbidden');
      expectProblem(await user.upload('/api/files', { name: 'x.png', content: png }), 403, 'auth/forbidden');
      expectProblem(await user.delete(`/api/files/${scan.id}`), 403, 'auth/forbidden');
      const logoContent = await user.get(`/api/files/${logo.id}/content`);
      expect(logoContent.statusCode).toBe(200);
      expect(logoContent.rawPayload.equals(png)).toBe(true);
      // A file uploaded as a logo that is not the property's logo follows the files area.
      expectProblem(await user.get(`/api/files/${otherLogo.id}/content`), 403, 'auth/forbidden');
    }
    expect((await admin.get(`/api/files/${scan.id}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/files/${otherLogo.id}/content`)).statusCode).toBe(200);
  });
});
