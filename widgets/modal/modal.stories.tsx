import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import { withWidgets } from '../testing/story-decorators';
import { Modal } from './modal';
import { useDialogs } from './modal-context';

function Stacked() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <WidgetButton variant="primary" onClick={() => setOuter(true)}>
        구매요청 상세 열기
      </WidgetButton>
      <Modal
        open={outer}
        title="구매요청 상세 — PR2024-000153"
        width={520}
        onClose={() => setOuter(false)}
        data-testid="outer"
        footer={<WidgetButton onClick={() => setOuter(false)}>닫기</WidgetButton>}
      >
        <p style={{ margin: '0 0 12px' }}>요청부서: 구매운영팀 · 요청자: 김민수 (E000004)</p>
        <WidgetButton onClick={() => setInner(true)}>결재선 보기</WidgetButton>
        <Modal
          open={inner}
          title="결재선"
          width={360}
          onClose={() => setInner(false)}
          data-testid="inner"
          footer={<WidgetButton onClick={() => setInner(false)}>닫기</WidgetButton>}
        >
          <ol style={{ margin: 0, paddingLeft: 18, lineHeight: 1.8 }}>
            <li>기안 — 김민수 대리</li>
            <li>검토 — 박성호 부장</li>
            <li>승인 — 이정민 차장</li>
          </ol>
        </Modal>
      </Modal>
    </>
  );
}

function Dialogs() {
  const { alert, confirm } = useDialogs();
  const [answer, setAnswer] = useState('');
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <WidgetButton onClick={() => void alert('저장되었습니다.')}>알림</WidgetButton>
      <WidgetButton
        onClick={() =>
          void confirm('발주를 협력사에 전송하시겠습니까?', { title: '발주 전송' }).then((ok) =>
            setAnswer(ok ? '전송' : '취소'),
          )
        }
      >
        확인 대화상자
      </WidgetButton>
      <span data-testid="answer">{answer}</span>
    </div>
  );
}

const meta = {
  title: 'Widgets/Modal',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Modals stack from z-index 3000 (3010 for the next); Escape closes the top one only. */
export const StackedModals: Story = {
  render: () => <Stacked />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '구매요청 상세 열기' }));
    const outer = await screen.findByRole('dialog', { name: /구매요청 상세/ });
    await userEvent.click(within(outer).getByRole('button', { name: '결재선 보기' }));
    await screen.findByRole('dialog', { name: '결재선' });
    await expect(screen.getByTestId('outer')).toHaveStyle({ zIndex: '3000' });
    await expect(screen.getByTestId('inner')).toHaveStyle({ zIndex: '3010' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '결재선' })).not.toBeInTheDocument());
    await expect(screen.getByRole('dialog', { name: /구매요청 상세/ })).toBeInTheDocument();
  },
};

/** alert and confirm in Korean (확인 / 취소), as promises. */
export const AlertAndConfirm: Story = {
  render: () => <Dialogs />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '확인 대화상자' }));
    const box = await screen.findByRole('alertdialog', { name: '발주 전송' });
    await userEvent.click(within(box).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(canvas.getByTestId('answer')).toHaveTextContent('전송'));
    await userEvent.click(canvas.getByRole('button', { name: '알림' }));
    await expect(await screen.findByRole('alertdialog', { name: '알림' })).toHaveTextContent('저장되었습니다.');
  },
};
