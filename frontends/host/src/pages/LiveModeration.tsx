export function LiveModeration() {
  return <h1 className="p-6 text-2xl font-bold">LiveModeration</h1>;
}
