export function PublicGallery() {
  return <h1 className="p-6 text-2xl font-bold">PublicGallery</h1>;
}
