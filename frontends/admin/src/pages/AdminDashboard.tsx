export function AdminDashboard() {
  return <h1 className="p-6 text-2xl font-bold">AdminDashboard</h1>;
}
