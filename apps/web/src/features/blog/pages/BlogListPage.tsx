import { PostListPage } from './PostListPage.tsx';

/** /blog: the list page of articles. */
export default function BlogListPage() {
  return <PostListPage postType="blog" />;
}
