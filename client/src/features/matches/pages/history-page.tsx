// Placeholder: the matches feature fills this page.
export default function HistoryPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Match History</h1>
    </section>
  );
}
