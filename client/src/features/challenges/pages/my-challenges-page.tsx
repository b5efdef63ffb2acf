// Placeholder: the challenges feature fills this page.
export default function MyChallengesPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">My Challenges</h1>
    </section>
  );
}
