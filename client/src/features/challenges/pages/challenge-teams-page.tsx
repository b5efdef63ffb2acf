// Placeholder: the challenges feature fills this page.
export default function ChallengeTeamsPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Challenge Teams</h1>
    </section>
  );
}
