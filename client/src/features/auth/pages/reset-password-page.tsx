// Placeholder: the auth feature fills this page.
export default function ResetPasswordPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Reset Password</h1>
    </section>
  );
}
