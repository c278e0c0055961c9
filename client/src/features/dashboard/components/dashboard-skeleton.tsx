import { Card } from '@/components/ui/card';

function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

/** The dashboard's shape while its figures load: tiles where the tiles will be, so nothing jumps. */
export function DashboardSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading dashboard…">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Block className="h-5 w-28" />
        <Block className="h-10 w-60" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          <Card key={i} className="grid gap-2 p-3 sm:p-5">
            <Block className="h-4 w-24" />
            <Block className="h-3 w-16" />
            <Block className="h-7 w-12" />
            <Block className="h-3 w-28" />
          </Card>
        ))}
      </div>
      <Card className="p-5">
        <Block className="h-64 w-full" />
      </Card>
    </div>
  );
}
