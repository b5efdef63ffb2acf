// Placeholder: the admin feature fills this page.
export default function AdminPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
    </section>
  );
}
