import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RksvSigner, TBucketAmounts, TRksvCertificate, TRksvReceiptType } from '../fiscal-types.ts';
import { depText, type TDep, type TDepEntry } from './dep.ts';
import { isFailedDeviceJws, payloadOf } from './jws.ts';
import { parseReceiptPayload } from './receipt-code.ts';
import { createSimulatorKeys, rksvSimulator } from './simulator.ts';
import { stornoMarker, trainingMarker } from './turnover-counter.ts';
import { verifyDep } from './verifier.ts';

const fixtures = new URL('../../../../test/fixtures/rksv-testsuite/', import.meta.url);

type TScenario = {
  cashBoxId: string;
  base64AesKey: string;
  numberOfSignatureDevices: number;
  cashBoxInstructionList: {
    signatureDeviceDamaged: boolean;
    receiptIdentifier: string;
    dateToUse: string;
    usedSignatureDevice: number;
    simplifiedReceipt: Record<
      'taxSetNormal' | 'taxSetErmaessigt1' | 'taxSetErmaessigt2' | 'taxSetNull' | 'taxSetBesonders',
      number
    >;
    typeOfReceipt: 'START_BELEG' | 'STANDARD_BELEG' | 'STORNO_BELEG' | 'TRAINING_BELEG' | 'NULL_BELEG';
  }[];
};

const receiptTypes: Record<TScenario['cashBoxInstructionList'][number]['typeOfReceipt'], TRksvReceiptType> = {
  START_BELEG: 'start',
  STANDARD_BELEG: 'standard',
  STORNO_BELEG: 'storno',
  TRAINING_BELEG: 'training',
  NULL_BELEG: 'null',
};

const cents = (euros: number) => Math.round(euros * 100);

/**
 * Replays a scenario through the simulator, one simulator per signature device (each with its own
 * key and certificate, all with the cash box's AES key); the scenario's failed-device receipts are
 * made with the device failed. The chain state is carried here, as the register's row would carry it.
 */
async function replay(scenario: TScenario): Promise<TDepEntry[]> {
  let isDamaged = false;
  const devices: { signer: RksvSigner; certificate: TRksvCertificate }[] = Array.from(
    { length: scenario.numberOfSignatureDevices },
    () => {
      const keys = createSimulatorKeys();
      return {
        signer: rksvSimulator({ ...keys, aesKey: scenario.base64AesKey, deviceFailed: () => isDamaged }),
        certificate: keys.certificate,
      };
    },
  );
  const entries: TDepEntry[] = [];
  let state = { previousJws: null as string | null, turnoverCents: 0 };
  for (const instruction of scenario.cashBoxInstructionList) {
    const device = devices[instruction.usedSignatureDevice]!;
    const taxSets = instruction.simplifiedReceipt;
    const amounts: TBucketAmounts = {
      normal: cents(taxSets.taxSetNormal),
      reduced1: cents(taxSets.taxSetErmaessigt1),
      reduced2: cents(taxSets.taxSetErmaessigt2),
      zero: cents(taxSets.taxSetNull),
      special: cents(taxSets.taxSetBesonders),
    };
    isDamaged = instruction.signatureDeviceDamaged;
    const signed = await device.signer.sign(
      {
        cashBoxId: scenario.cashBoxId,
        receiptNumber: instruction.receiptIdentifier,
        issuedAt: instruction.dateToUse,
        type: receiptTypes[instruction.typeOfReceipt],
        amounts,
      },
      state,
    );
    entries.push({ compactJws: signed.compactJws, certificate: device.certificate });
    state = { previousJws: signed.compactJws, turnoverCents: signed.turnoverCents };
  }
  return entries;
}

const scenarioFiles = readdirSync(fixtures)
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('the BMF test scenarios', () => {
  it('are all eight there', () => {
    expect(scenarioFiles).toHaveLength(8);
  });

  it.each(scenarioFiles)('%s replays into a DEP the verifier accepts', async (file) => {
    const scenario = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) as TScenario;
    const dep = JSON.parse(await depText(await replay(scenario))) as TDep;

    expect(verifyDep(dep, { aesKey: scenario.base64AesKey, cashBoxId: scenario.cashBoxId })).toEqual([]);

    const instructions = scenario.cashBoxInstructionList;
    const receipts = dep['Belege-Gruppe'].flatMap((group) => group['Belege-kompakt']);
    expect(receipts).toHaveLength(instructions.length);
    const counters = receipts.map((jws) => parseReceiptPayload(payloadOf(jws)).turnoverCounter);
    const count = (predicate: (value: (typeof instructions)[number]) => boolean) =>
      instructions.filter(predicate).length;
    expect(counters.filter((value) => value === stornoMarker)).toHaveLength(
      count((instruction) => instruction.typeOfReceipt === 'STORNO_BELEG'),
    );
    expect(counters.filter((value) => value === trainingMarker)).toHaveLength(
      count((instruction) => instruction.typeOfReceipt === 'TRAINING_BELEG'),
    );
    expect(receipts.filter(isFailedDeviceJws)).toHaveLength(
      count((instruction) => instruction.signatureDeviceDamaged),
    );
    // A group per run of one device: the certificate changes exactly where the device does.
    const deviceChanges = instructions.filter(
      (instruction, index) =>
        index > 0 && instruction.usedSignatureDevice !== instructions[index - 1]!.usedSignatureDevice,
    ).length;
    expect(dep['Belege-Gruppe']).toHaveLength(deviceChanges + 1);
  });
});
