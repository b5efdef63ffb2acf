// Placeholder: the auth feature fills this page.
export default function VerifyEmailPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Verify your email</h1>
    </section>
  );
}
