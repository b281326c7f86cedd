import type { ManagementProject, Organization, Project, ProjectStatusResponse, RoleName } from '@pgfleet/contracts'
import pg from 'pg'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../../testing/harness'

/** A platform with one signed-up owner and one running project, for the metadata, types and keys tests. */
export interface ProjectFixture {
  t: TestPlatform
  owner: ApiClient
  slug: string
  project: Project
  dbPassword: string
  /** a TCP client to the project's database as postgres (close it) */
  connect(password?: string): Promise<pg.Client>
  /** a client as the platform's superuser, over the project's socket (close it) */
  connectAsPlatform(): Promise<pg.Client>
  /** a signed-up user added to the organization with this role */
  member(role: RoleName): Promise<ApiClient>
}

export async function startProjectFixture(env: Record<string, string> = {}): Promise<ProjectFixture> {
  const t = await startTestPlatform(env)
  const owner = new ApiClient(() => t.baseUrl)
  await owner.post('/platform/auth/signup', { email: 'owner@meta.test', password: 'owner-password' })
  const slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const dbPassword = 'fixture-db-password'
  const created = await owner.post<ManagementProject>('/v1/projects', {
    name: 'Meta',
    organization_slug: slug,
    db_pass: dbPassword,
  })
  if (created.status !== 201) throw new Error(`project creation failed: ${JSON.stringify(created.body)}`)
  // the dashboard's view of it (the management API's answer names the project by its ref in `id`)
  const project = (await owner.get<Project>(`/platform/projects/${created.body.ref}`)).body
  await waitFor(
    async () => (await owner.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    60_000,
  )
  let members = 0
  return {
    t,
    owner,
    slug,
    project,
    dbPassword,
    async connect(password = dbPassword) {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: project.database.port ?? 0,
        user: 'postgres',
        password,
        database: 'postgres',
      })
      // the platform stopping at the end of a test must not crash the run through a forgotten client
      client.on('error', () => {})
      await client.connect()
      return client
    },
    async connectAsPlatform() {
      const client = new pg.Client(await t.platform.ctx.driver.projectConnection(project.ref))
      // as above: the platform stopping must not crash the run
      client.on('error', () => {})
      await client.connect()
      return client
    },
    async member(role) {
      const client = new ApiClient(() => t.baseUrl)
      const email = `member${++members}@meta.test`
      await client.post('/platform/auth/signup', { email, password: 'member-password' })
      const added = await owner.post(`/platform/organizations/${slug}/members`, { email, role_name: role })
      if (added.status >= 300) throw new Error(`adding a member failed: ${JSON.stringify(added.body)}`)
      return client
    },
  }
}

/** Tables, a view, a materialized view, functions, enums, a composite type, FKs, RLS policies and a trigger. */
export const FIXTURE_SCHEMA_SQL = `
create schema extensions;
create extension pgcrypto schema extensions;
create type public.mood as enum ('happy', 'sad', 'meh');
create type public.address as (street text, zip int4);
create table public.authors (
  id bigint generated always as identity primary key,
  name text not null unique,
  mood public.mood default 'happy',
  moods public.mood[],
  bio text
);
comment on table public.authors is 'People who write';
comment on column public.authors.name is 'Display name';
create table public.books (
  id serial primary key,
  author_id bigint not null references public.authors (id) on delete cascade,
  title text not null check (char_length(title) > 0),
  tags text[] default '{}',
  meta jsonb,
  price numeric(10, 2),
  published_at timestamptz,
  slug text generated always as (lower(title)) stored
);
create table public.profiles (author_id bigint primary key references public.authors (id), website text);
alter table public.books enable row level security;
create policy "books are public" on public.books for select using (true);
create policy "authors edit own" on public.books as restrictive for update to authenticated
  using (author_id = 1) with check (author_id = 1);
create view public.book_titles as
  select b.id, b.title, a.name as author from public.books b join public.authors a on a.id = b.author_id;
create materialized view public.author_counts as select author_id, count(*) as n from public.books group by author_id;
create function public.add(a integer, b integer default 1) returns integer language sql immutable as $$ select a + b $$;
comment on function public.add(integer, integer) is 'Adds two numbers';
create function public.books_by(author bigint) returns setof public.books language sql stable
  as $$ select * from public.books where author_id = author $$;
create function public.search(q text, max_rows int default 10) returns table (id int, title text) language sql
  as $$ select id, title from public.books where title ilike q limit max_rows $$;
create function public.touch() returns trigger language plpgsql
  as $$ begin new.title := trim(new.title); return new; end $$;
create trigger books_touch before insert or update on public.books for each row
  when (new.title is not null) execute function public.touch('a1', 'b 2');
create schema app;
create table app.settings (key text primary key, value jsonb);
`

/** A table in the platform's own bookkeeping schema (never listed as the user's); only the platform may add one. */
export const PLATFORM_FIXTURE_SQL = 'create table if not exists _pgfleet.fixture_marker (id int)'
