import { randomUUID } from 'node:crypto'
import {
  ASSISTANT_MAX_MESSAGES,
  type AssistantConversation,
  type AssistantConversationSummary,
  type AssistantMessage,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { Db } from '../../db/kysely'
import { notFound } from '../../errors'

export const DEFAULT_CONVERSATION_NAME = 'New conversation'
const NAME_FROM_MESSAGE_CHARS = 60

interface Owner {
  projectId: number
  userId: number
}

const summaryColumns = [
  'id',
  'name',
  'created_at',
  'updated_at',
  sql<number>`jsonb_array_length(messages)`.as('message_count'),
] as const

type SummaryRow = { id: string; name: string; created_at: Date; updated_at: Date; message_count: number }

const toSummary = (row: SummaryRow): AssistantConversationSummary => ({
  id: row.id,
  name: row.name,
  message_count: Number(row.message_count),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

/**
 * Assistant conversations, stored in the control plane per project and user: each user sees only their own,
 * and a conversation id from another project or user answers 404 like a missing one.
 */
export class ConversationStore {
  constructor(private readonly db: Db) {}

  async list(owner: Owner): Promise<AssistantConversationSummary[]> {
    const rows = await this.db
      .selectFrom('assistant_conversations')
      .select(summaryColumns)
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', owner.userId)
      .orderBy('updated_at', 'desc')
      .limit(200)
      .execute()
    return rows.map(toSummary)
  }

  async create(owner: Owner, name = DEFAULT_CONVERSATION_NAME): Promise<AssistantConversation> {
    const row = await this.db
      .insertInto('assistant_conversations')
      .values({ id: randomUUID(), project_id: owner.projectId, user_id: owner.userId, name, messages: '[]' })
      .returning(summaryColumns)
      .executeTakeFirstOrThrow()
    return { ...toSummary(row), messages: [] }
  }

  async get(owner: Owner, id: string): Promise<AssistantConversation> {
    const row = await this.db
      .selectFrom('assistant_conversations')
      .select([...summaryColumns, 'messages'])
      .where('id', '=', id)
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst()
    if (!row) throw notFound('Conversation not found')
    return { ...toSummary(row), messages: row.messages as AssistantMessage[] }
  }

  async rename(owner: Owner, id: string, name: string): Promise<AssistantConversationSummary> {
    const row = await this.db
      .updateTable('assistant_conversations')
      .set({ name, updated_at: new Date() })
      .where('id', '=', id)
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', owner.userId)
      .returning(summaryColumns)
      .executeTakeFirst()
    if (!row) throw notFound('Conversation not found')
    return toSummary(row)
  }

  async delete(owner: Owner, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('assistant_conversations')
      .where('id', '=', id)
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst()
    if (result.numDeletedRows === 0n) throw notFound('Conversation not found')
  }

  /**
   * Replaces the messages after an exchange (the newest ASSISTANT_MAX_MESSAGES are kept). A conversation still
   * under its default name takes the first words of its first question.
   */
  async saveMessages(owner: Owner, id: string, messages: readonly AssistantMessage[]): Promise<void> {
    const kept = messages.slice(-ASSISTANT_MAX_MESSAGES)
    const firstQuestion = firstUserText(kept)
    await this.db
      .updateTable('assistant_conversations')
      .set((eb) => ({
        messages: JSON.stringify(kept),
        updated_at: new Date(),
        name: firstQuestion
          ? eb
              .case()
              .when('name', '=', DEFAULT_CONVERSATION_NAME)
              .then(nameFrom(firstQuestion))
              .else(eb.ref('name'))
              .end()
          : eb.ref('name'),
      }))
      .where('id', '=', id)
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', owner.userId)
      .execute()
  }
}

function firstUserText(messages: readonly AssistantMessage[]): string | undefined {
  const first = messages.find((message) => message.role === 'user')
  const part = first?.parts.find((p) => p.type === 'text' && typeof p.text === 'string')
  return typeof part?.text === 'string' ? part.text : undefined
}

function nameFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= NAME_FROM_MESSAGE_CHARS ? line : `${line.slice(0, NAME_FROM_MESSAGE_CHARS - 1)}…`
}
