// Standalone development entry; in the product the shell loads each page of src/pages.json through
// Module Federation.
import('./bootstrap');
