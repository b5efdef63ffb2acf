// Placeholder: the auth feature fills this page.
export default function EmailVerificationPendingPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
    </section>
  );
}
