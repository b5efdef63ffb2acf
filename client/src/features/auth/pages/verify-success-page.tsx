// Placeholder: the auth feature fills this page.
export default function VerifySuccessPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Email Verified!</h1>
    </section>
  );
}
