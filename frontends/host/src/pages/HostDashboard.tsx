export function HostDashboard() {
  return <h1 className="p-6 text-2xl font-bold">HostDashboard</h1>;
}
