/** The select's trigger, Radix's and the stand-in shown until Radix has loaded (select.tsx) alike. */
export const SELECT_TRIGGER_CLASSES =
  'flex h-10 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground aria-[invalid=true]:border-destructive [&>span]:line-clamp-1';
