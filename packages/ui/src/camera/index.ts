// `@afterglow/ui/camera`: the in-app camera, one for the guest's camera, the guest's QR scanner and the
// admin's camera test page. Subpaths, not the main index, so only the pages with a camera load it; the
// picture with its film look is `@afterglow/ui/viewfinder`, so the QR scanner does not load the looks.
export * from './capture';
export * from './useCamera';
