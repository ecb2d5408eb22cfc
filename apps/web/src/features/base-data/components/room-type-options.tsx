import type { TRoomType } from '@pms/contract/base-data';

/** The options of a room type select: name and code. */
export function RoomTypeOptions({ roomTypes }: { roomTypes: readonly TRoomType[] }) {
  return roomTypes.map((roomType) => (
    <option key={roomType.id} value={roomType.id}>
      {roomType.name} ({roomType.code})
    </option>
  ));
}

/** The room type a new record starts with: the default one, else the first. */
export function defaultRoomTypeId(roomTypes: readonly TRoomType[]): string {
  return (roomTypes.find((roomType) => roomType.isDefault) ?? roomTypes[0])?.id ?? '';
}
