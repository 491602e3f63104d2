// Every event image goes through here: an uploaded image (/api/images/<id>) is offered in three widths so a
// phone downloads the small one; the sample images (SVG) are used as they are. The rules live in shared/, since
// the server announces the first cover with the same srcset and sizes (api/src/http/first-screen.ts).
export { IMAGE_SIZES, imageSource } from '../../../shared/first-screen';
