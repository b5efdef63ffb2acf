// Placeholder: the teams feature fills this page.
export default function ProfilePage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">My Profile</h1>
    </section>
  );
}
