/** A channel's name with its colour as a dot before it, as bookings and the channel list show it. */
export function ChannelBadge({ name, color }: { name: string; color?: string | undefined }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md bg-white px-2 py-0.5 text-xs font-medium whitespace-nowrap text-gray-800 ring-1 ring-gray-300 ring-inset">
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full ring-1 ring-gray-900/10"
        style={{ backgroundColor: color ?? '#9ca3af' }}
      />
      {name}
    </span>
  );
}
