type TRecordRow = { id: string; createdAt: Date; updatedAt: Date; deletedAt: Date | null };

/** The common record fields of a row, as the API sends them. */
export function toRecord(row: TRecordRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}
