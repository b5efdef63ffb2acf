// Placeholder: the ladder feature fills this page.
export default function LadderPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Ladder Rankings</h1>
    </section>
  );
}
