// Placeholder: the matches feature fills this page.
export default function DisputeMatchPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Dispute Match</h1>
    </section>
  );
}
