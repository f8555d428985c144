import { PostListPage } from './PostListPage.tsx';

/** /press-releases: the list page of press releases. */
export default function PressListPage() {
  return <PostListPage postType="press_release" />;
}
