import type { Report } from '@pgfleet/contracts'
import { type DragEvent, useState } from 'react'
import { toast } from 'sonner'
import { useReportUpdateMutation } from '../../../data/content/report-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { uuidv4 } from '../../../lib/uuid'
import { readQueryCardDrag } from '../QueryCard/QueryCard'
import { CARD_ADDED_MESSAGE, REPORT_SAVE_FAILED } from './reports.constants'
import { withCardAdded } from './reports.utils'

/** Drop handlers that add a dragged query card to a report and save it; `report` undefined: no dropping. */
export function useReportDrop(projectRef: string, report: Report | undefined) {
  const [over, setOver] = useState(false)
  const update = useReportUpdateMutation(
    { ref: projectRef, id: report?.id },
    {
      onSuccess: (saved) => toast.success(CARD_ADDED_MESSAGE(saved.name)),
      onError: (error) => toast.error(REPORT_SAVE_FAILED(getErrorMessage(error))),
    },
  )
  return {
    over,
    saving: update.isPending,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!report) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setOver(true)
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false)
        const dropped = readQueryCardDrag(event)
        if (!report || !dropped) return
        event.preventDefault()
        const cardId = uuidv4()
        update.mutate({ ref: projectRef, id: report.id, change: (current) => withCardAdded(current, cardId, dropped) })
      },
    },
  }
}
