// Placeholder: the auth feature fills this page.
export default function AcceptInvitePage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Join your team</h1>
    </section>
  );
}
