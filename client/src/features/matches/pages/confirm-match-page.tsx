// Placeholder: the matches feature fills this page.
export default function ConfirmMatchPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Confirm Match</h1>
    </section>
  );
}
