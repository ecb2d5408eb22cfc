// HotelDruid 3.0.7 beside the desk bench (README.md, "HotelDruid 3.0.7 beside it"): its source,
// unpacked outside the repository (HOTELDRUID_DIR), served by PHP's own server, installed through its
// own pages on SQLite the first time (the bench hotel's 300 rooms, the current year with daily
// periods), and loaded with the bench hotel's stays (`hotelStays`), written as its own insert of a
// reservation writes them (`funzioni_ins_prenota.php`). Its room plan page is then timed beside ours.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { addDays, todayIn } from '@pms/contract';
import { hotelStays, roomCount } from './hotel.ts';

/** The bench hotel's time zone (a property's default): "today" for its stays. */
const timeZone = 'Europe/Vienna';
/** HotelDruid's price of a night in the bench hotel (ours: 120.00). */
const nightPrice = 120;

/** A form of HotelDruid's install pages, sent as its browser would. */
async function post(base: string, page: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${base}/${page}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`HotelDruid's ${page} answered ${response.status}`);
  return html;
}

/** Installs HotelDruid on SQLite with the bench hotel's rooms and `year` with daily periods. */
async function install(base: string, year: number): Promise<void> {
  await post(base, 'creadb.php', { lingua: 'en' });
  await post(base, 'creadb.php', {
    lingua: 'en',
    tipo_db: 'sqlite',
    database_phprdb: 'hoteldruid',
    database_esistente: 'NO',
    prefisso_tab: '',
    nomeappartamenti: 'camere',
    numappartamenti: String(roomCount),
    numletti: '0',
    creabase: 'Create database',
  });
  const rooms: Record<string, string> = {};
  for (let i = 1; i <= roomCount; i++) {
    rooms[`numapp${i}`] = String(1000 + i);
    rooms[`maxoccupanti${i}`] = '2';
  }
  const inserted = await post(base, 'creadb.php', {
    numappartamenti: String(roomCount),
    numletti: '0',
    insappartamenti: 'Insert the data about rooms',
    ...rooms,
  });
  if (!inserted.includes('Data inserted')) throw new Error('HotelDruid did not take the rooms');
  // The year's periods run from January to the December after (its month 24): stays that end in the
  // next year are the year's too.
  const created = await post(base, 'creaanno.php', {
    anno: String(year),
    id_sessione: '',
    creaanno: `Create the year ${year}`,
    tipo_periodi: 'g',
    giorno_ini_fine: '6',
    mese_ini: '1',
    mese_fine: '24',
  });
  if (!created.includes(`Year ${year} created`)) throw new Error(`HotelDruid did not create ${year}`);
}

/**
 * Writes the bench hotel's stays into HotelDruid's database (once: a year that has reservations is
 * left as it is). HotelDruid needs a customer for each reservation: a stay without one in ours has
 * its own there. The stays that begin before the year are left out (the desk bench has none).
 */
function load(databaseFile: string, year: number): number {
  const database = new DatabaseSync(databaseFile);
  try {
    const reservations = `prenota${year}`;
    const { count } = database.prepare(`select count(*) as count from ${reservations}`).get() as {
      count: number;
    };
    if (count > 0) return count;
    const periods = new Map(
      (
        database.prepare(`select idperiodi, datainizio from periodi${year}`).all() as {
          idperiodi: number;
          datainizio: string;
        }[]
      ).map((row) => [row.datainizio, row.idperiodi]),
    );
    const inserted = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const addCustomer = database.prepare(
      'insert into clienti (idclienti, cognome, idclienti_compagni, datainserimento, hostinserimento, utente_inserimento) values (?, ?, ?, ?, ?, 1)',
    );
    const addReservation = database.prepare(
      `insert into ${reservations} (idprenota, idclienti, idappartamenti, iddatainizio, iddatafine, assegnazioneapp, num_persone, tariffa, tariffesettimanali, tariffa_tot, codice, conferma, datainserimento, hostinserimento, utente_inserimento) values (?, ?, ?, ?, ?, 'k', ?, ?, ?, ?, ?, 'S', ?, 'localhost', 1)`,
    );
    let written = 0;
    database.exec('begin');
    for (const stay of hotelStays(todayIn(timeZone))) {
      const first = periods.get(stay.checkIn);
      const last = periods.get(addDays(stay.checkOut, -1));
      if (first === undefined || last === undefined) continue;
      written++;
      addCustomer.run(
        written,
        (stay.customer ?? `Gast ohne Namen ${written}`).toUpperCase(),
        ',',
        inserted,
        'localhost',
      );
      const nights = last - first + 1;
      addReservation.run(
        written,
        written,
        String(1001 + stay.room),
        first,
        last,
        stay.occupancy,
        `tariffa1#@&${nights * nightPrice}`,
        Array.from({ length: nights }, () => nightPrice).join(','),
        nights * nightPrice,
        'bnch',
        inserted,
      );
    }
    database.exec('commit');
    return written;
  } finally {
    database.close();
  }
}

export type THotelDruid = { planUrl: string; stop: () => Promise<void> };

/**
 * HotelDruid from its source in `folder` on `port`: installed and loaded the first time, then served;
 * `planUrl` is its room plan page (`tabella.php`) of the current month.
 */
export async function startHotelDruid(folder: string, port: number): Promise<THotelDruid> {
  if (!existsSync(path.join(folder, 'tabella.php'))) throw new Error(`${folder} holds no HotelDruid`);
  const base = `http://127.0.0.1:${port}`;
  const isAnswering = () =>
    fetch(`${base}/inizio.php`).then(
      (response) => response.ok,
      () => false,
    );
  if (await isAnswering()) throw new Error(`${base} is taken: another server answers there`);
  const server: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`], { cwd: folder, stdio: 'ignore' });
  // Its end, whenever it comes: PHP missing (an error, no exit), the port taken, or the stop.
  const ended = new Promise<string>((resolve) => {
    server.once('error', (error) => resolve(`php could not start: ${error.message}`));
    server.once('exit', (code) => resolve(`php -S ended (exit code ${code})`));
  });
  let end: string | undefined;
  void ended.then((reason) => (end = reason));
  const stop = async () => {
    server.kill('SIGTERM');
    await ended;
  };
  try {
    for (let attempt = 0; ; attempt++) {
      if (end) throw new Error(`HotelDruid on port ${port}: ${end}`);
      if ((await isAnswering()) && !end) break;
      if (attempt === 50) throw new Error(`HotelDruid did not answer at ${base}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [year, month] = todayIn(timeZone).split('-').map(Number) as [number, number];
    const databaseFile = path.join(folder, 'dati', 'db_hoteldruid');
    if (!existsSync(databaseFile)) await install(base, year);
    const stays = load(databaseFile, year);
    console.log(`  HotelDruid at ${base}: ${roomCount} rooms, ${stays} reservations in ${year}`);
    return { planUrl: `${base}/tabella.php?anno=${year}&mese=${month}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
