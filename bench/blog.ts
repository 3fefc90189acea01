// The public blog under load: server-rendered list and post pages at 50 connections.
//
//   node bench/blog.ts --database-url postgres://postgres@127.0.0.1:5432/carrierline_bench \
//     --posts 10000 [--seconds 20] [--connections 50]
//
// It migrates and seeds that database, tops blog_posts up to N published posts of realistic
// length (generated ones are replaced when the count differs), starts the production build on a
// free port and runs, as an anonymous visitor:
//   list  /blog and /blog?page=2…12 in rotation (the server-rendered list)
//   post  /blog/{slug} for 50 posts spread over the table (markdown rendered on the server)
import { fillBlogPosts, seed } from "./fill.ts";
import { benchArgs, run, startServer } from "./support.ts";

const { databaseUrl, env, count: posts, load } = benchArgs("posts", 10_000);

seed(env);
const client = await fillBlogPosts(databaseUrl, posts);
const { rows } = await client.query<{ slug: string }>(
  "select slug from blog_posts where published order by created_at desc",
);
await client.end();
const step = Math.max(1, Math.floor(rows.length / 50));
const slugs = rows.filter((_, i) => i % step === 0).slice(0, 50);

const { base, stop } = await startServer(env);
try {
  const listPaths = ["/blog", ...Array.from({ length: 11 }, (_, i) => `/blog?page=${i + 2}`)];
  const postPaths = slugs.map((r) => `/blog/${encodeURIComponent(r.slug)}`);
  for (const path of [...listPaths, ...postPaths]) {
    const res = await fetch(base + path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  process.stdout.write(
    `\n${posts.toLocaleString("en-US")} posts, ${load.connections} connections, ${load.seconds} s each\n`,
  );
  const requests = (paths: string[]) => paths.map((path) => ({ path }));
  await run("warmup", base, requests([...listPaths, ...postPaths]), load);
  await run("list", base, requests(listPaths), load);
  await run("post", base, requests(postPaths), load);
} finally {
  stop();
}
