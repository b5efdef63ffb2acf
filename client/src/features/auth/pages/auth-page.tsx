// Placeholder: the auth feature fills this page.
export default function AuthPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Doubles Ladder</h1>
    </section>
  );
}
