export function JoinByCode() {
  return <h1 className="p-6 text-2xl font-bold">Join</h1>;
}
export function Join() {
  return <h1 className="p-6 text-2xl font-bold">Join event</h1>;
}
