export function AdminSettingsPage() {
  return <h1>AdminSettingsPage</h1>;
}
